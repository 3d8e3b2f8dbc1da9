/** The Weld language for Truffle: the language registration, its context, options and errors. */
package weld;
