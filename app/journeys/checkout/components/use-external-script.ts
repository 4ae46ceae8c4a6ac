import { useEffect, useState } from "react";

export type ScriptState = "loading" | "ready" | "failed";

const loads = new Map<string, Promise<void>>();

/** Loads a provider's script once per page (Braintree's drop-in, Klarna's SDK); browser only. */
export function loadExternalScript(src: string): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(src);
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loads.set(src, promise);
  return promise;
}

export function useExternalScript(src: string | null): ScriptState {
  const [state, setState] = useState<ScriptState>("loading");
  useEffect(() => {
    if (!src) return;
    let live = true;
    loadExternalScript(src).then(
      () => live && setState("ready"),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return state;
}
