/**
 * A player's picture in their summary (player-list.tsx), or their initials without one or when it
 * fails to load, in a circle ringed with the seat's colour. Drawn as Mantine's Avatar draws it
 * (seat-avatar.module.css takes its look and its colour variables), without its script: the game
 * screen used no other part of it, and its placeholder icon and group came along (1.6 KB gzip of
 * the game page's first load).
 */
import { useState, type CSSProperties } from 'react';
import classes from './seat-avatar.module.css';

export function SeatAvatar({ src, initials, size, color }: { src: string | null; initials: string; size: number; color: string }) {
  // The picture that failed, so a new one is tried (as Avatar does when its `src` changes).
  const [failed, setFailed] = useState<string | null>(null);
  const style = { '--seat-avatar-size': `${size}px`, border: `2px solid ${color}` } as CSSProperties;
  return (
    <div className={classes.root} style={style}>
      {src && failed !== src ? (
        <img className={classes.image} src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        <span className={classes.initials} data-avatar-initials>
          {initials}
        </span>
      )}
    </div>
  );
}
