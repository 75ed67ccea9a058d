package io.clirbench.gateway.client;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/** {@code InetAddress.getAllByName(host)} → {@code ip:port} ({@code [v6]:port}), in the order DNS gave. */
@DefaultBean
@ApplicationScoped
public class DnsResolver implements Resolver {

    @Override
    public List<String> resolve(String hostPort) throws UnknownHostException {
        int colon = hostPort.lastIndexOf(':');
        String host = hostPort.substring(0, colon);
        String port = hostPort.substring(colon + 1);
        return Arrays.stream(InetAddress.getAllByName(host))
                .map(a -> (a instanceof Inet6Address ? "[" + a.getHostAddress() + "]" : a.getHostAddress()) + ":" + port)
                .distinct().toList();
    }
}
