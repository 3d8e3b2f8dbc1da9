/** Text to parse tree: the {@link weld.syntax.Lexer}, the {@link weld.syntax.Parser} and macro expansion. */
package weld.syntax;
