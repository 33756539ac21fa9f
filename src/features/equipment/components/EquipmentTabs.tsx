import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its id (kept in the URL), label and panel. */
export interface EquipmentTab<Id extends string> {
  readonly id: Id;
  readonly label: string;
  readonly panel: () => ReactNode;
}

export interface EquipmentTabsProps<Id extends string> {
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly tabs: readonly EquipmentTab<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
}

/**
 * Tabs of the equipment screen (policy §2: Equipment, Activity Types, Quick Update), following the
 * WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs; only the selected panel renders.
 */
export function EquipmentTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: EquipmentTabsProps<Id>) {
  const base = useId();
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };
  return (
    <div className="ll-tabs">
      <div role="tablist" aria-label={label} className="ll-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === current?.id}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === current?.id ? 0 : -1}
            className="ll-tab"
            onClick={() => {
              onSelect(tab.id);
            }}
            onKeyDown={(event) => {
              move(event, index);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${base}-${current.id}-panel`}
          aria-labelledby={`${base}-${current.id}-tab`}
          className="ll-tabpanel"
        >
          {current.panel()}
        </div>
      ) : null}
    </div>
  );
}
