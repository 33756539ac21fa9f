import { DOMParser, onErrorStopParsing, type Document } from '@xmldom/xmldom';

/**
 * The XML document of a GPX or TCX file's text, parsed with @xmldom/xmldom (Node has no DOMParser).
 * Throws an Error naming `fileName` when the text is not well-formed XML (xmldom's errors stop the
 * parse; its warnings are ignored) or has no root element.
 */
export function parseXmlDocument(text: string, fileName: string): Document {
  let document: Document;
  try {
    document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'text/xml');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${fileName}: not well-formed XML (${reason})`, { cause: error });
  }
  if (document.documentElement === null) {
    throw new Error(`${fileName}: not an XML document (no root element)`);
  }
  return document;
}
