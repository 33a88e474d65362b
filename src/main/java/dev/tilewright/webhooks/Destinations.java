package dev.tilewright.webhooks;

import dev.tilewright.core.refusal.Refused;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where a webhook may deliver: http or https, to a host whose every address is public — loopback and private
 * (site-local, link-local, unique-local, carrier-grade NAT) addresses only where configured; the unspecified,
 * multicast, broadcast, reserved, documentation and benchmarking ranges and IPv6 forms that carry an IPv4 address
 * (IPv4-compatible, NAT64, 6to4, Teredo) never. Checked when a webhook is made and again before each attempt, which
 * then connects to the very address checked ({@link Destination}): a name that resolves elsewhere a moment later
 * (DNS rebinding) is not asked again.
 */
final class Destinations {

    /** A URL and the checked address to connect to for it. */
    record Destination(URI uri, InetAddress address) {
    }

    /** {@link #special} IPv4 ranges as {network, prefix bits}. */
    private static final int[][] SPECIAL_IPV4 = {{0x00000000, 8}, {0xC0000000, 24}, {0xC0000200, 24},
            {0xC6336400, 24}, {0xCB007100, 24}, {0xC6120000, 15}, {0xF0000000, 4}};

    private Destinations() {
    }

    /** The URL, refused (422, field {@code url}) when it may not be delivered to. */
    static URI check(String url, boolean allowLoopback, boolean allowPrivate) {
        return resolve(url, allowLoopback, allowPrivate).uri();
    }

    /** The URL and the first of its host's addresses, all of which were checked; refused as {@link #check}. */
    static Destination resolve(String url, boolean allowLoopback, boolean allowPrivate) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw Refused.invalidField("url", "The URL does not read as one: " + e.getReason() + ".");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw Refused.invalidField("url", "A webhook's URL is http:// or https:// with a host.");
        }
        if (uri.getUserInfo() != null) {
            throw Refused.invalidField("url", "A webhook's URL carries no user name or password; the secret "
                    + "signs each delivery instead.");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            throw Refused.invalidField("url", "The host " + uri.getHost() + " is not known.");
        }
        for (InetAddress address : addresses) {
            String refused = refused(address, allowLoopback, allowPrivate);
            if (refused != null) {
                throw Refused.invalidField("url", uri.getHost() + " is " + address.getHostAddress() + ", " + refused
                        + ".");
            }
        }
        return new Destination(uri, addresses[0]);
    }

    /** Why an address is refused, or null when it is not. */
    static String refused(InetAddress address, boolean allowLoopback, boolean allowPrivate) {
        byte[] b = address.getAddress();
        if (address.isAnyLocalAddress() || address.isMulticastAddress() || special(b)) {
            return "not an address to deliver to (unspecified, multicast, broadcast, reserved, documentation or "
                    + "benchmarking)";
        }
        if (carriesIpv4(b)) {
            return "an IPv6 form of an IPv4 address (IPv4-compatible, NAT64, 6to4 or Teredo); name the IPv4 address "
                    + "itself";
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? null : "a loopback address (tilewright.webhooks.allow-loopback)";
        }
        boolean uniqueLocal = address instanceof Inet6Address && (b[0] & 0xFE) == 0xFC;
        if (address.isSiteLocalAddress() || address.isLinkLocalAddress() || uniqueLocal || within(b, 0x64400000, 10)) {
            return allowPrivate ? null : "a private address (tilewright.webhooks.allow-private)";
        }
        return null;
    }

    /**
     * IPv4 ranges no webhook is for: 0/8 ("this network"), 192.0.0/24 (protocol assignments), the documentation
     * ranges 192.0.2/24, 198.51.100/24, 203.0.113/24, benchmarking 198.18/15, 240/4 (reserved, with the broadcast
     * address); IPv6 documentation 2001:db8::/32, benchmarking 2001:2::/48 and discard-only 100::/64.
     */
    private static boolean special(byte[] b) {
        if (b.length == 4) {
            for (int[] range : SPECIAL_IPV4) {
                if (within(b, range[0], range[1])) {
                    return true;
                }
            }
            return false;
        }
        return word(b, 0) == 0x2001 && word(b, 1) == 0x0db8 || word(b, 0) == 0x2001 && word(b, 1) == 0x0002
                && word(b, 2) == 0 || word(b, 0) == 0x0100 && word(b, 1) == 0 && word(b, 2) == 0 && word(b, 3) == 0;
    }

    /**
     * IPv6 addresses that reach an IPv4 one: IPv4-compatible ::a.b.c.d (::/96 but :: and ::1), NAT64 64:ff9b::/96
     * and 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32. (IPv4-mapped ::ffff:a.b.c.d is read as the IPv4 address
     * by Java itself, and checked as one.)
     */
    private static boolean carriesIpv4(byte[] b) {
        if (b.length != 16) {
            return false;
        }
        boolean compatible = word(b, 0) == 0 && word(b, 1) == 0 && word(b, 2) == 0 && word(b, 3) == 0
                && word(b, 4) == 0 && word(b, 5) == 0 && (word(b, 6) != 0 || word(b, 7) > 1);
        boolean nat64 = word(b, 0) == 0x0064 && word(b, 1) == 0xff9b && (word(b, 2) == 0 && word(b, 3) == 0
                && word(b, 4) == 0 && word(b, 5) == 0 || word(b, 2) == 1);
        return compatible || nat64 || word(b, 0) == 0x2002 || word(b, 0) == 0x2001 && word(b, 1) == 0;
    }

    /** Whether an IPv4 address is within network/bits (the network as a 32-bit number). */
    private static boolean within(byte[] b, int network, int bits) {
        if (b.length != 4) {
            return false;
        }
        int value = (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
        int mask = bits == 0 ? 0 : -1 << (32 - bits);
        return (value & mask) == (network & mask);
    }

    /** The i-th 16-bit group of an IPv6 address. */
    private static int word(byte[] b, int i) {
        return ((b[2 * i] & 0xFF) << 8) | (b[2 * i + 1] & 0xFF);
    }
}
