import { useRef, type KeyboardEvent } from 'react';

interface TabListProps<Tab extends string> {
  tabs: readonly Tab[];
  active: Tab;
  onSelect: (tab: Tab) => void;
  label: string;
  /** Prefix of the tabs' and panels' ids: `${idPrefix}tab-x` controls `${idPrefix}panel-x`. */
  idPrefix?: string;
  tabLabel: (tab: Tab) => string;
  /** The list's and each tab's class (the console's dashboard tabs unless given). */
  className?: string;
  tabClassName?: string;
}

/** Where each key moves from tab `index` of `count` (WAI-ARIA tabs), or undefined. */
function target(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * A tab list (the console's dashboard and tutorials page, the directory's tabs): one tab in the
 * Tab order; the arrow keys, Home and End move to a tab and select it (automatic activation). Only
 * the selected tab names its panel, the one panel on the page (`${idPrefix}panel-${tab}`).
 */
export function TabList<Tab extends string>(props: TabListProps<Tab>) {
  const {
    tabs,
    active,
    onSelect,
    idPrefix = '',
    className = 'dashboard-tabs__list',
    tabClassName = 'dashboard-tabs__tab',
  } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = target(event.key, index, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next]);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={props.label} className={className}>
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
          aria-controls={active === tab ? `${idPrefix}panel-${tab}` : undefined}
          tabIndex={active === tab ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {props.tabLabel(tab)}
        </button>
      ))}
    </div>
  );
}
