/** Operators, casts, constants, math functions and SIMD operations. */
package weld.nodes.expression;
