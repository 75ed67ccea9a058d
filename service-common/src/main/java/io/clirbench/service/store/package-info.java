/** Database access shared by the gateway and the eval-service: {@link io.clirbench.service.store.Database}, the active datasource. */
package io.clirbench.service.store;
