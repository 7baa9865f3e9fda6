/**
 * The collapsible 'Mythos Info' panel: links to the rules and the card lists, each in a new tab,
 * and what the game's words mean.
 * Whether it is collapsed is remembered in localStorage under CollapsibleGameLinksView_Collapsed.
 * It folds by CSS (its grid row eases to nothing) and is inert while folded: Mantine's Collapse
 * did the same with 1.6 KB (gzip) of script on the game page's first load.
 */
import { memo, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { GlossaryButton } from '../glossary.js';
import classes from './presentation.module.css';

export const COLLAPSED_KEY = 'CollapsibleGameLinksView_Collapsed';

const LINKS = [
  { href: '/rules', label: 'Game Rules' },
  { href: '/all-cards', label: 'Cards List' },
  { href: '/all-cards#tributes', label: 'Tributes List' },
] as const;

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Memoised: the game screen draws again for every view, a click's optimistic one too, and none changes the links. */
export const MythosInfoPanel = memo(function MythosInfoPanel() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    setCollapsed((was) => {
      const next = !was;
      try {
        localStorage.setItem(COLLAPSED_KEY, String(next));
      } catch {
        // Private mode: the panel still toggles, it just is not remembered.
      }
      return next;
    });
  };
  return (
    <section className={classes.infoPanel} aria-label="Mythos Info">
      <UnstyledButton className={classes.infoHeader} onClick={toggle} aria-expanded={!collapsed} aria-controls="mythos-info-links">
        <span>Mythos Info</span>
        <IconChevronDown size={18} aria-hidden className={classes.infoChevron} data-collapsed={collapsed ? 'true' : undefined} />
      </UnstyledButton>
      <div className={classes.infoBody} data-collapsed={collapsed ? 'true' : undefined} inert={collapsed}>
        <div className={classes.infoClip}>
          <ul id="mythos-info-links" className={classes.infoLinks}>
            {LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                </a>
              </li>
            ))}
            <li>
              <GlossaryButton />
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
});
