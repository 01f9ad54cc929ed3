import { Attribution } from "./_components/attribution";

/** A host no brand owns, or a path nothing serves outside a brand: a plain 404 that shows no brand. */
export default function NotFound() {
  return (
    <div className="plain">
      <main>
        <h1>Not found</h1>
        <p>There is no site or page at this address.</p>
      </main>
      <footer className="site muted">
        <Attribution />
      </footer>
    </div>
  );
}
