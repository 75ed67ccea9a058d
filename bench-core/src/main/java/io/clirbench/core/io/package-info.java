/** File access shared by the dataset and run readers. */
package io.clirbench.core.io;
