import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

// The login's factor step (issue 23): its secondary actions wrap on a 320 px phone, long labels
// ("Lost your device? E-mail me an unlock link") on two lines rather than past the edge.
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});
globalStyle(`${actions} > button`, { whiteSpace: 'normal', maxWidth: '100%', textAlign: 'start' });
