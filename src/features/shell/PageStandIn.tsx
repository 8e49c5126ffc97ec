import { Loader } from '../../ui/Loader';
import { page, pageTitle } from '../../ui/page.css';
import * as s from './shell.css';

/**
 * What the platform's first paint shows of a page that needs the app to run (a flow's form, a
 * player's account): its heading, what the page offers (its description), and the loader, in a block as tall as the screen, so that the
 * footer stays below the fold and does not move when the app puts the page in its place.
 */
export function PageStandIn({ heading, intro }: { heading: string; intro: string }) {
  return (
    <div className={`${page({ layout: 'prose' })} ${s.standIn}`}>
      <h1 className={pageTitle}>{heading}</h1>
      {intro === '' ? null : <p className={s.standInIntro}>{intro}</p>}
      <Loader layout="inline" />
    </div>
  );
}
