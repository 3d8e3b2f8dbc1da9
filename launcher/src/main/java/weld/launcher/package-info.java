/** The {@code weld} command-line launcher: run, batch and REPL on the polyglot API. */
package weld.launcher;
