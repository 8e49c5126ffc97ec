import { Trans, useLingui } from '@lingui/react/macro';
import { providerIdOf } from '../../../machines/lib/games';
import type { Provider } from '../../api/games';
import { Button } from '../../ui/Button';
import { Loader } from '../../ui/Loader';
import { visuallyHidden } from '../../ui/global.css';
import { Modal } from '../../ui/Modal';
import * as s from './games.css';

// The lobby's provider filter (behaviour.md §5: the providers the lobby's exclusions leave; the
// filter is on when one is checked). Only providers with a game the viewer sees in this lobby and
// market are offered (issue 21; tiles.ts providersWithGames), so it waits for the game index.
// Its own module: the lobby loads it, and the dialog's code, when the player first opens it.

export function ProviderFilterDialog({
  open,
  providers,
  checked,
  onChange,
  onClose,
}: {
  open: boolean;
  /** Null while the lobby's games are loading (which providers have games is not known yet). */
  providers: readonly Provider[] | null;
  checked: readonly string[];
  onChange: (next: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={t({ id: 'games.filter.title', message: 'Providers' })}>
      {providers === null ? <Loader layout="inline" /> : null}
      <fieldset style={{ border: 'none', margin: 0, padding: 0 }}>
        <legend className={visuallyHidden}>{t({ id: 'games.filter.legend', message: 'Show games of these providers' })}</legend>
        <ul className={s.filterList}>
          {(providers ?? []).map((provider) => {
            const id = providerIdOf(provider);
            return (
              <li key={provider._id}>
                <label className={s.filterOption}>
                  <input
                    type="checkbox"
                    checked={checked.includes(id)}
                    onChange={(event) => onChange(event.target.checked ? [...checked, id] : checked.filter((other) => other !== id))}
                  />
                  {provider.title}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className={s.dialogActions}>
        <Button variant="ghost" onClick={() => onChange([])}>
          <Trans id="games.filter.clear">Clear</Trans>
        </Button>
        <Button onClick={onClose}>
          <Trans id="games.filter.done">Show games</Trans>
        </Button>
      </div>
    </Modal>
  );
}
