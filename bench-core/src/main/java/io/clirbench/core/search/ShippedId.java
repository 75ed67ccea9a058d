package io.clirbench.core.search;

/** An id of a kind the platform ships: its kind name is the one {@link ShippedKind} lists for its record. */
interface ShippedId extends RetrieverId {

    @Override
    default String kind() {
        return ShippedKind.nameOf(this);
    }
}
