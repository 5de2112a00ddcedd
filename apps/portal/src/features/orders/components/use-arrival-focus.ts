// Where focus goes when the order page opens. Arriving from a form (an order just placed) or a link,
// the control that had focus is gone and focus falls back to <body>, so a keyboard or screen reader
// user would start again from the top: the page's main heading takes focus instead. Focus that
// something else already holds (the user moved on) is left alone.
import { useEffect, useRef } from 'react';

export function useArrivalFocus<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, []);
  return ref;
}
