// The portal is a remote of the shell and runs only inside it, on the shell's federation runtime
// and shares (docs/decisions.md, "One federation runtime"), so its own page draws nothing. Vite
// builds a project from its index.html, which names this file; the portal's real entry is
// remoteEntry.js.
export {};
