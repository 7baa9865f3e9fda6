/**
 * The site's links, made of react-router's own pieces: `useHref` for the address and
 * `useLinkClickHandler` for the click, the hooks react-router offers for building a custom link. A
 * plain click moves in the page; a click with a modifier key, a middle click or a link with another
 * target is left to the browser, as with react-router's `Link`.
 *
 * Why not react-router's `Link` and `NavLink`: a `Link` also serves the framework mode's
 * prefetching and calls that code (PrefetchPageLinks, with the route-manifest code behind it) from
 * its render, so no bundler can leave it out. This site routes in the browser with `BrowserRouter`
 * and never prefetches, yet that code was in the entry script every page loads first: with
 * vite.config.ts's `unusedRouterParts`, these links took 2.5 KB gzip off it (docs/decisions.md).
 * Lint refuses react-router's two in the web client.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, onClick, target, ref, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const moveInPage = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) moveInPage(event);
  };
  return (
    <a {...rest} ref={ref} href={href} target={target} onClick={click}>
      {children}
    </a>
  );
}

/**
 * A link marked `aria-current="page"` while its own page is the one shown: its path exactly, in
 * any case (the header's links, where "/" must not be current on every page).
 */
export function NavLink(props: LinkProps) {
  const shown = useLocation().pathname;
  const own = useResolvedPath(props.to).pathname;
  return <Link aria-current={shown.toLowerCase() === own.toLowerCase() ? 'page' : undefined} {...props} />;
}
