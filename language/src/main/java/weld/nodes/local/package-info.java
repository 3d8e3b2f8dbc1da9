/** Variables in frame slots: reads and let. */
package weld.nodes.local;
