import type { ComponentPropsWithRef } from 'react';
import { button, type ButtonVariants } from './button.css';

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonVariants;

/** The app's button: primary (gold), secondary (outlined), ghost; sizes sm, md, lg, icon. */
export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [button({ variant, size }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
