/**
 * The Truffle polyglot TCK provider of Weld ({@link weld.tck.WeldTCKLanguageProvider}) and the models its result
 * verifiers check Weld against.
 */
package weld.tck;
