/** Issue 14: see the module that owns these tables. */
export {};
