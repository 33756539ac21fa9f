/** Shown while the app loads its runtime configuration and translations. */
export function LoadingScreen({ label }: { readonly label: string }) {
  return (
    <div className="ll-spinner" role="status" aria-live="polite">
      {label}
    </div>
  );
}
