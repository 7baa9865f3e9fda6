/**
 * The fair-dice line of a finished game, checked in this browser: "Fair dice verified: ..." with
 * the commitment shown from the first turn and the revealed seed, or the first difference named.
 */
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { FAIR_DICE_VERIFIED, type Verification } from '../../engine/replay.js';
import classes from './replay.module.css';

export function VerifyLine({ verification }: { verification: Verification }) {
  const { ok, commitment, seed } = verification;
  return (
    <div className={ok ? classes.verified : classes.unverified} role="status" data-testid="fair-dice" data-verified={ok ? 'true' : 'false'}>
      <p className={classes.verifyHead}>
        {ok ? <IconShieldCheck size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
        <span>{ok ? FAIR_DICE_VERIFIED : `Fair dice NOT verified: ${verification.problem}`}</span>
      </p>
      {ok ? (
        <p className={classes.verifyDetail}>
          Checked in this browser: {verification.actions} actions re-run from the seed give all {verification.events} events ({verification.deals} deals,{' '}
          {verification.dice} dice) and the final state.
        </p>
      ) : null}
      <dl className={classes.verifyHashes}>
        <dt>Seed commitment (SHA-256)</dt>
        <dd>
          <code>{commitment ?? 'none'}</code>
        </dd>
        <dt>Revealed seed</dt>
        <dd>
          <code>{seed}</code>
        </dd>
      </dl>
    </div>
  );
}
