/**
 * The frame of every page: the header (the site's links, the community link and the user menu),
 * a banner, the page, the footer; and the chat overlay on lobby and game pages. Kept light: it is
 * part of every page's first load, so the chat overlay is loaded only where it shows, and a guest's
 * logout warning only once the account menu opens.
 */
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Container } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { Link, NavLink } from './link.js';
import { ChatRoomProvider, useChatRoom } from '../chat/chat-room.js';
import { useChatOverlayFits } from '../lib/chat-layout.js';
import { firstLetterOf } from '../lib/initials.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import classes from './layout.module.css';
import { SkipLinks } from './skip-links.js';

const ChatOverlay = retryingLazy(() => import('./chat-overlay.js').then((m) => ({ default: m.ChatOverlay })));
const loadWarning = () => import('./guest-logout-warning.js');
const GuestLogoutWarning = retryingLazy(() => loadWarning().then((m) => ({ default: m.GuestLogoutWarning })));

/** The chat room of a lobby or game page, with its title; null elsewhere. */
export function chatRoomOf(pathname: string): { room: string; title: string } | null {
  const match = /^\/(game|lobby)\/([^/]+)/.exec(pathname);
  if (!match) return null;
  return match[1] === 'game' ? { room: `game/${match[2]}`, title: 'Game Chat' } : { room: `lobby/${match[2]}`, title: 'Lobby Chat' };
}

const LINKS = [
  { to: '/', label: 'Lobby', short: 'Lobby' },
  { to: '/rules', label: 'Game Rules', short: 'Rules' },
  { to: '/all-cards', label: 'View Cards', short: 'Cards' },
  { to: '/leaderboard', label: 'Leaderboard', short: 'Ranks', signedIn: true },
] as const;

function Logo() {
  return (
    <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 1 31 16 16 31 1 16z" className={classes.logoGold} />
      <path d="M16 7 25 16 16 25 7 16z" className={classes.logoNight} />
      <path d="M16 11 21 16 16 21 11 16z" className={classes.logoParchment} />
    </svg>
  );
}

/**
 * The account menu: a disclosure button and a short list of links. Built by hand rather than with
 * Mantine's Menu, whose positioning library would add ~20 KB to every page's first load.
 */
function UserMenu() {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const [warning, setWarning] = useState(false);
  // The warning's dialog is mounted from its first opening on (so it can animate closed).
  const [warned, setWarned] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    // A guest who opened the menu may log out next: fetch the warning's code now.
    if (user?.isGuest) void loadWarning();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open, user?.isGuest]);

  if (isLoading) return <span className={classes.userPlaceholder} />;
  if (!user) {
    return (
      <Link to="/login" className={classes.loginLink}>
        Log in
      </Link>
    );
  }
  return (
    <div className={classes.menu} ref={root}>
      <button type="button" className={classes.user} aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen((was) => !was)}>
        <span className={classes.userInitial} aria-hidden="true">
          {firstLetterOf(user.name)}
        </span>
        <span className={classes.userName}>{user.name}</span>
        <span className="mythos-visually-hidden">Account menu</span>
      </button>
      <ul id="account-menu" className={classes.menuList} hidden={!open}>
        {user.canSeeProfile && (
          <li>
            <Link to={`/user/${encodeURIComponent(user.id)}`}>Profile</Link>
          </li>
        )}
        <li>
          <Link to="/my-games">Your games</Link>
        </li>
        <li>
          <Link to="/settings">Settings</Link>
        </li>
        <li>
          <a
            href="/auth/logout"
            onClick={(event) => {
              if (!user.isGuest) return;
              event.preventDefault();
              setOpen(false);
              setWarning(true);
              setWarned(true);
            }}
          >
            Log out
          </a>
        </li>
      </ul>
      {warned && (
        <Suspense fallback={null}>
          <GuestLogoutWarning name={user.name} opened={warning} onClose={() => setWarning(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The chat overlay where it belongs: signed in, on a lobby or game page, on a large pointer screen. */
function Chat() {
  const room = useChatRoom();
  const fits = useChatOverlayFits();
  if (!room || !fits) return null;
  return (
    <Suspense fallback={null}>
      <ChatOverlay key={room.room} room={room} />
    </Suspense>
  );
}

/** The page's chat room, for the overlay and the page's CHAT button alike: signed in, on a lobby or game page. */
function PageChatRoom({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const chat = chatRoomOf(pathname);
  return (
    <ChatRoomProvider room={user && chat ? chat.room : null} title={chat?.title ?? ''}>
      {children}
    </ChatRoomProvider>
  );
}

/** The community chat the operator set (COMMUNITY_URL); a site without one shows no link. */
function CommunityLink() {
  const site = trpc.definitions.site.useQuery(undefined, { staleTime: Infinity });
  const url = site.data?.communityURL;
  if (!url) return null;
  return (
    <a href={url} className={classes.navLink} target="_blank" rel="noreferrer">
      <span className="mythos-long">Community</span>
      <span className="mythos-short">Chat</span>
    </a>
  );
}

/** The site's links; the leaderboard only for someone signed in (the page asks to log in first). */
function NavLinks() {
  const { user } = useSession();
  return LINKS.filter((link) => !('signedIn' in link) || user).map((link) => (
    <NavLink key={link.to} to={link.to} className={classes.navLink}>
      <span className="mythos-long">{link.label}</span>
      <span className="mythos-short">{link.short}</span>
    </NavLink>
  ));
}

export function Layout() {
  return (
    <div className={classes.site}>
      <SkipLinks>
        {/* data-site-header: how the game screen finds the header that covers the page's top (favor-cue, animation-layer). */}
        <header className={classes.header} data-site-header>
          <Container size="lg" className={classes.headerInner}>
            <Link to="/" className={classes.wordmark} aria-label="Mythos home">
              <Logo />
              <span>Mythos</span>
            </Link>
            <nav aria-label="Main" className={classes.nav}>
              <NavLinks />
              <CommunityLink />
            </nav>
            <div className={classes.account}>
              <UserMenu />
            </div>
          </Container>
        </header>
        {/* A landmark of its own, as the rest of the page is in one (a screen reader's landmark list reaches everything). */}
        <aside className={classes.banner} aria-label="Tagline">
          <Container size="lg">
            <p>
              <span className="mythos-long">Three ages, five turns each: bid for the trade row, settle clashes with dice, win the favor of the gods.</span>
              <span className="mythos-short">Bid, clash, and win the gods' favor.</span>
            </p>
          </Container>
        </aside>
        <PageChatRoom>
          <main id="main" className={classes.main}>
            <Outlet />
          </main>
          <footer className={classes.footer}>
            <Container size="lg">© {new Date().getFullYear()} Mythos. All rights reserved.</Container>
          </footer>
          <Chat />
        </PageChatRoom>
      </SkipLinks>
    </div>
  );
}
