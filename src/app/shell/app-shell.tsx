import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { onLiveResync, startLive, stopLive } from '@/api';
import { setDraftOwner } from '@/lib/drafts';
import { type ReactNode, useEffect, useState } from 'react';
import { useMe, useSignOut } from '@/features/auth';
import {
  AgentIcon,
  Avatar,
  BoardIcon,
  Button,
  FolderIcon,
  HomeIcon,
  KeyboardIcon,
  MenuIcon,
  OrgChartIcon,
  PeopleIcon,
  SearchIcon,
  SettingsIcon,
  SignOutIcon,
  TeamIcon,
  UserIcon,
} from '@/ui';
import { LiveIndicator } from './live-indicator';
import { useAppCommands } from '../palette-commands';
import { openShortcutSheet, useGlobalShortcuts } from '../shortcuts';
import { CreateCardHost } from '@/features/board';
import { CreditsBanner } from '@/features/credits';
import { UploadTray } from '@/features/files';
import { openPalette, PaletteHost } from '@/features/palette';
import { InboxNavEntry, NotificationsHost } from '@/features/notifications';
import { CreatePageHost, useWikiCommands } from '@/features/wiki';
import { ContentIcon, useContentCommands } from '@/features/content';
import { ShortcutSheet } from './shortcut-sheet';
import { ThemeSelect } from './theme-select';
import './app-shell.css';

const navigation = [
  { to: '/', label: 'Home', icon: HomeIcon, exact: true, company: false },
  { to: '/projects', label: 'Projects', icon: BoardIcon, exact: false, company: true },
  { to: '/files', label: 'Files', icon: FolderIcon, exact: false, company: true },
  { to: '/content', label: 'Content', icon: ContentIcon, exact: false, company: true },
  { to: '/organization', label: 'Organization', icon: OrgChartIcon, exact: false, company: true },
  { to: '/people', label: 'People', icon: PeopleIcon, exact: false, company: true },
  { to: '/agents', label: 'Agents', icon: AgentIcon, exact: false, company: true },
  { to: '/teams', label: 'Teams', icon: TeamIcon, exact: false, company: true },
  // The settings area (members, API keys, integrations, notifications, content keys, billing).
  { to: '/settings', label: 'Settings', icon: SettingsIcon, exact: false, company: true },
  { to: '/account', label: 'Account', icon: UserIcon, exact: false, company: false },
] as const;

/**
 * One live connection per tab for a member of a company (someone without one has no stream to
 * follow). When the server cannot replay what the tab missed, everything cached may be out of
 * date: refetch it.
 */
function useLiveConnection(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stopResync = onLiveResync(() => void queryClient.invalidateQueries());
    startLive();
    return () => {
      stopResync();
      stopLive();
    };
  }, [enabled, queryClient]);
}

/** The signed-in layout: navigation, who is signed in, theme, and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const me = useMe();
  // Drafts are kept per person: set before the pages below read theirs (an idempotent assignment).
  setDraftOwner(me.user.id);
  const signOut = useSignOut();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Boards, the drive and the chart use the whole width; other pages keep a readable measure.
  const wide = useRouterState({
    select: (state) =>
      state.matches.some(
        (match) =>
          match.routeId === '/_app/_company/projects/$projectId' ||
          match.routeId === '/_app/_company/files' ||
          match.routeId === '/_app/_company/organization',
      ),
  });
  // The phone-width menu stays open only on the page where it was opened: navigating closes it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = navOpenOn === pathname;
  // Escape closes the phone-width menu and gives focus back to its button.
  useEffect(() => {
    if (!navOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setNavOpenOn(null);
      document.getElementById('shell-menu-button')?.focus();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [navOpen]);
  useGlobalShortcuts();
  useAppCommands(me);
  const company = Boolean(me.company);
  useWikiCommands(company);
  useContentCommands(me);
  useLiveConnection(company);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-topbar">
        <Button
          id="shell-menu-button"
          variant="ghost"
          aria-expanded={navOpen}
          aria-controls="shell-sidebar"
          onClick={() => setNavOpenOn(navOpen ? null : pathname)}
        >
          <MenuIcon />
          <span>Menu</span>
        </Button>
        <span className="shell-brand-name">Workspace</span>
      </header>
      <aside id="shell-sidebar" className="shell-sidebar" data-open={navOpen}>
        <div className="shell-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <div>
            <div className="shell-brand-name">Workspace</div>
            <div className="shell-company muted">{me.company?.name ?? 'No company'}</div>
          </div>
        </div>
        <Button className="shell-search" onClick={openPalette} aria-keyshortcuts="Control+K Meta+K">
          <SearchIcon />
          <span>Search</span>
          <kbd>Ctrl K</kbd>
        </Button>
        <nav aria-label="Main">
          <ul className="shell-nav">
            {navigation
              .filter((item) => !item.company || company)
              .flatMap(({ to, label, icon: Icon, exact }) => [
                <li key={to}>
                  <Link
                    to={to}
                    className="shell-nav-link"
                    activeOptions={{ exact }}
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    <Icon />
                    {label}
                  </Link>
                </li>,
                // The inbox comes right after Home, with its unread badge.
                to === '/' && company && (
                  <li key="/inbox" className="shell-nav-inbox">
                    <InboxNavEntry className="shell-nav-link" />
                  </li>
                ),
              ])}
          </ul>
        </nav>
        <div className="shell-footer">
          <div className="shell-user">
            <Avatar name={me.user.name} />
            <div className="shell-user-text">
              <div className="shell-user-name">{me.user.name}</div>
              <div className="muted shell-user-role">
                {me.role === 'admin' ? 'Admin' : me.role === 'member' ? 'Member' : me.user.email}
              </div>
            </div>
          </div>
          {company && <LiveIndicator />}
          <ThemeSelect />
          <div className="row">
            <Button variant="ghost" size="small" onClick={openShortcutSheet} aria-keyshortcuts="?">
              <KeyboardIcon />
              Shortcuts
            </Button>
            <Button variant="ghost" size="small" busy={signOut.isPending} onClick={() => signOut.mutate()}>
              <SignOutIcon />
              Sign out
            </Button>
          </div>
        </div>
      </aside>
      <main id="main" className="shell-main" tabIndex={-1} data-wide={wide || undefined}>
        {company && <CreditsBanner />}
        {children}
      </main>
      <ShortcutSheet />
      <PaletteHost userId={me.user.id} searchable={company} />
      {company && <CreateCardHost />}
      {company && <CreatePageHost />}
      {company && <UploadTray />}
      {company && <NotificationsHost />}
    </div>
  );
}
