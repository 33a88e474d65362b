package dev.tilewright.webhooks;

import dev.tilewright.web.ApiProblem;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where a webhook may deliver: http or https, to a host whose every address is public — loopback and private
 * (site-local, link-local, unique-local) addresses only where configured, the unspecified and multicast addresses
 * never. Checked when a webhook is made and again before each attempt (a name may point elsewhere by then).
 */
final class Destinations {

    private Destinations() {
    }

    /** The URL, refused (422, field {@code url}) when it may not be delivered to. */
    static URI check(String url, boolean allowLoopback, boolean allowPrivate) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw ApiProblem.invalidField("url", "The URL does not read as one: " + e.getReason() + ".");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw ApiProblem.invalidField("url", "A webhook's URL is http:// or https:// with a host.");
        }
        if (uri.getUserInfo() != null) {
            throw ApiProblem.invalidField("url", "A webhook's URL carries no user name or password; the secret "
                    + "signs each delivery instead.");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            throw ApiProblem.invalidField("url", "The host " + uri.getHost() + " is not known.");
        }
        for (InetAddress address : addresses) {
            String refused = refused(address, allowLoopback, allowPrivate);
            if (refused != null) {
                throw ApiProblem.invalidField("url", uri.getHost() + " is " + address.getHostAddress() + ", " + refused
                        + ".");
            }
        }
        return uri;
    }

    /** Why an address is refused, or null when it is not. */
    static String refused(InetAddress address, boolean allowLoopback, boolean allowPrivate) {
        if (address.isAnyLocalAddress() || address.isMulticastAddress()) {
            return "not an address to deliver to";
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? null : "a loopback address (tilewright.webhooks.allow-loopback)";
        }
        boolean uniqueLocal = address instanceof Inet6Address && (address.getAddress()[0] & 0xFE) == 0xFC;
        if (address.isSiteLocalAddress() || address.isLinkLocalAddress() || uniqueLocal || carrierGrade(address)) {
            return allowPrivate ? null : "a private address (tilewright.webhooks.allow-private)";
        }
        return null;
    }

    /** 100.64.0.0/10, shared address space behind carrier NAT: as private as 10/8. */
    private static boolean carrierGrade(InetAddress address) {
        byte[] b = address.getAddress();
        return b.length == 4 && (b[0] & 0xFF) == 100 && (b[1] & 0xC0) == 64;
    }
}
