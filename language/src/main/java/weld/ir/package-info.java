/** The typed IR: immutable expressions with types and positions, and a printer that writes them back as Weld. */
package weld.ir;
