// The /dev/flows page (DEV ONLY, excluded from the build: see main.tsx; English, not shown to players).
import { useEffect, useState } from 'react';
import { FLOW_ROUTES, loadFlows, type FlowView, type StateView, type TransitionView } from './flowData';

type Screenshots = Record<string, string[]>;

/** Opens the flow's page with `?inspect`: src/app/inspector.ts then opens Stately's inspector. */
function startLive(flow: string): void {
  const route = FLOW_ROUTES[flow];
  window.open(`${route?.path ?? '/en-UN'}?inspect`, '_blank');
}

function Transitions({ transitions }: { transitions: readonly TransitionView[] }) {
  return (
    <ul className="transitions">
      {transitions.map((transition, i) => (
        <li key={i}>
          <span className="event">{transition.event}</span>
          {transition.guard === null ? null : ` [${transition.guard}]`}
          {' → '}
          {transition.targets.length === 0 ? '(stays)' : transition.targets.join(', ')}
          {transition.description === null ? null : `: ${transition.description}`}
        </li>
      ))}
    </ul>
  );
}

function State({ flow, state, shots }: { flow: string; state: StateView; shots: readonly string[] }) {
  const shot = shots.includes(state.key);
  return (
    <li className="state" id={`${flow}-${state.key}`}>
      <span className="key">{state.key}</span>
      {state.type === 'final' ? <span className="tag">final</span> : null}
      {state.tags.map((tag) => (
        <span className="tag" key={tag}>
          {tag}
        </span>
      ))}
      <div className={state.description === null ? 'missing' : undefined}>{state.description ?? 'No description yet.'}</div>
      {state.transitions.length > 0 ? <Transitions transitions={state.transitions} /> : null}
      {state.children.length === 0 ? (
        shot ? (
          <img className="shot" alt={`${flow} in ${state.key}`} src={`/dev/flows/screenshots/${flow}/${encodeURIComponent(state.key)}.png`} loading="lazy" />
        ) : (
          <div className="tag">screenshot: none yet</div>
        )
      ) : (
        <ul className="states">
          {state.children.map((child) => (
            <State key={child.key} flow={flow} state={child} shots={shots} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Flow({ flow, shots }: { flow: FlowView; shots: readonly string[] }) {
  const route = FLOW_ROUTES[flow.name];
  return (
    <section className="flow" id={flow.name} aria-labelledby={`${flow.name}-title`}>
      <h2 id={`${flow.name}-title`}>
        {flow.name}
        {flow.who === null ? null : <span className="who">{flow.who}</span>}
        <button type="button" className="live" onClick={() => startLive(flow.name)}>
          Start live under the inspector
        </button>
      </h2>
      <p>
        Starts at <code>{route?.path ?? '/en-UN'}?inspect</code>
        {route?.note === undefined ? null : ` (${route.note})`}. Page: <code>docs/machines/{flow.name}.md</code>; paths:{' '}
        <code>npm run paths {flow.name}</code>.
      </p>
      <p className={flow.description === null ? 'missing' : undefined}>{flow.description ?? 'No description yet.'}</p>
      <details>
        <summary>Diagram (mermaid, from docs/machines/{flow.name}.md)</summary>
        {flow.mermaid === null ? <p>No generated page yet.</p> : <pre>{flow.mermaid}</pre>}
      </details>
      {flow.anyState.length > 0 ? (
        <>
          <p>In any state:</p>
          <Transitions transitions={flow.anyState} />
        </>
      ) : null}
      <ul className="states">
        {flow.states.map((state) => (
          <State key={state.key} flow={flow.name} state={state} shots={shots} />
        ))}
      </ul>
    </section>
  );
}

export function FlowsPage() {
  const [flows, setFlows] = useState<FlowView[] | null>(null);
  const [shots, setShots] = useState<Screenshots>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadFlows().then(setFlows, (reason: unknown) => setError(String(reason)));
    // The dev server's own list (scripts/lib/devFlowsPlugin.ts), not the platform's API.
    // eslint-disable-next-line no-restricted-globals -- a dev tool reading the dev server, not an API call
    fetch('/dev/flows/screenshots.json')
      .then((response) => response.json() as Promise<Screenshots>)
      .then(setShots, () => undefined);
  }, []);
  return (
    <>
      <header>
        <h1>Flows</h1>
        <p>
          Every flow of the registry (<code>machines/flows.ts</code>): its states as the machine describes them, the screen each state
          shows where the generated path skeletons took one (<code>PATHS_SCREENSHOTS=1</code>), and a button that opens the flow&apos;s page
          with <code>?inspect</code>. The inspector needs the dev server, a platform on :3000 (<code>npm start</code>) and popups allowed
          for this site (docs/qa-and-product-tools.md). Coverage: <code>docs/machines/coverage.md</code>.
        </p>
        {flows === null ? null : (
          <nav aria-label="Flows">
            {flows.map((flow) => (
              <a key={flow.name} href={`#${flow.name}`}>
                {flow.name}
              </a>
            ))}
          </nav>
        )}
      </header>
      <main>
        {error !== null ? <p className="missing">{error}</p> : null}
        {flows === null && error === null ? <p>Loading the machines…</p> : null}
        {flows?.map((flow) => <Flow key={flow.name} flow={flow} shots={shots[flow.name] ?? []} />)}
      </main>
    </>
  );
}
