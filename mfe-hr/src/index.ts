// A remote has no page of its own; the shell loads ./routes. This entry only satisfies the build.
export {};
