// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { createStorage } from '../../../../src/streams/storage';
import {
  ConnectionNotice,
  type LiveConnection,
} from '../../../../src/ui/realtime/ConnectionNotice';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

describe('the live connection notice (app §4 "Socket connection")', () => {
  it.each<[LiveConnection, number | null]>([
    ['idle', null],
    ['connecting', null],
    ['connected', null],
  ])('says nothing while %s', (connection, attempt) => {
    const { container } = render(<ConnectionNotice connection={connection} attempt={attempt} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says that the viewer’s own connection is reconnecting, with the attempt from the second on', () => {
    const { rerender } = render(<ConnectionNotice connection="reconnecting" attempt={1} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Live updates interrupted: your connection to Lifeline was lost. Reconnecting…',
    );
    rerender(<ConnectionNotice connection="reconnecting" attempt={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting (attempt 3)…');
  });

  it('says that live updates stopped once disconnected', () => {
    render(<ConnectionNotice connection="disconnected" attempt={null} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Live updates stopped. Reload the page to see the latest position.',
    );
  });
});
