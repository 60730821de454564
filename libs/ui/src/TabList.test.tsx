import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './TabList';

const TABS = ['one', 'two', 'three'] as const;

function Tabs() {
  const [active, setActive] = useState<(typeof TABS)[number]>('one');
  return (
    <TabList
      tabs={TABS}
      active={active}
      onSelect={setActive}
      label="Sections"
      idPrefix="t-"
      tabLabel={(tab) => tab.toUpperCase()}
    />
  );
}

describe('TabList', () => {
  it('keeps only the selected tab in the Tab order and names its panel', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const one = screen.getByRole('tab', { name: 'ONE' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(one.getAttribute('aria-controls')).toBe('t-panel-one');
    expect(one.id).toBe('t-tab-one');
    expect(screen.getByRole('tab', { name: 'TWO' }).tabIndex).toBe(-1);
    // Only the panel on the page is named.
    expect(screen.getByRole('tab', { name: 'TWO' }).hasAttribute('aria-controls')).toBe(false);
  });

  it('moves to the first and the last tab with Home and End', () => {
    render(<Tabs />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'ONE' }), { key: 'End' });
    const three = screen.getByRole('tab', { name: 'THREE' });
    expect(three.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(three, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'ONE' }));
    expect(screen.getByRole('tab', { name: 'ONE' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves and selects with the arrow keys, wrapping at both ends', () => {
    render(<Tabs />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'ONE' }), { key: 'ArrowLeft' });
    const three = screen.getByRole('tab', { name: 'THREE' });
    expect(three.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(three, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'ONE' }));
    fireEvent.click(screen.getByRole('tab', { name: 'TWO' }));
    expect(screen.getByRole('tab', { name: 'TWO' }).tabIndex).toBe(0);
  });
});
