package io.clirbench.index.store;

/** What a point of a collection holds, whatever engine stores it ({@link StoreKind}). */
public enum Representation {
    /** One vector per point; score = the metric's. */
    DENSE,
    /** Weights by index (a token id) per point; score = dot product ({@link SparseVector}). */
    SPARSE,
    /** A matrix per point, rows of the collection's dimension; score = MaxSim ({@link MultiVectors#maxSim}). */
    MULTIVECTOR
}
