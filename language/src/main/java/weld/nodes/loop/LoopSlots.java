package weld.nodes.loop;

/** The frame slots one iterator of a loop uses: backing array, first index, stride, and the element's slot. */
public record LoopSlots(int store, int base, int stride, int element) {
}
