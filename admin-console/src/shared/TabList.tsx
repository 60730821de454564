import { useRef, type KeyboardEvent } from 'react';

interface TabListProps<Tab extends string> {
  tabs: readonly Tab[];
  active: Tab;
  onSelect: (tab: Tab) => void;
  label: string;
  /** Prefix of the tabs' and panels' ids: `${idPrefix}tab-x` controls `${idPrefix}panel-x`. */
  idPrefix?: string;
  tabLabel: (tab: Tab) => string;
}

/**
 * The console's tab list (the dashboard's and the tutorials page's): one tab in the Tab order,
 * arrow keys move to the next or previous tab and select it (WAI-ARIA tabs, automatic activation).
 */
export function TabList<Tab extends string>(props: TabListProps<Tab>) {
  const { tabs, active, onSelect, idPrefix = '' } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + tabs.length) % tabs.length;
    onSelect(tabs[next]);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={props.label} className="dashboard-tabs__list">
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}tab-${tab}`}
          aria-selected={active === tab}
          aria-controls={`${idPrefix}panel-${tab}`}
          tabIndex={active === tab ? 0 : -1}
          className="dashboard-tabs__tab"
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {props.tabLabel(tab)}
        </button>
      ))}
    </div>
  );
}
