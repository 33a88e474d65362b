package dev.tilewright.webhooks;

import dev.tilewright.core.refusal.Refused;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where a webhook may deliver: public addresses; loopback and private ones only when configured; never others. */
class DestinationsTest {

    private static String refused(String address, boolean loopback, boolean privateOk) throws Exception {
        return Destinations.refused(InetAddress.getByName(address), loopback, privateOk);
    }

    @Test
    void loopbackAndPrivateAddressesAreRefusedUnlessAllowedAndUnspecifiedOnesAlways() throws Exception {
        for (String loopback : new String[]{"127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"}) {
            assertThat(refused(loopback, false, true)).as(loopback).contains("allow-loopback");
            assertThat(refused(loopback, true, false)).as(loopback).isNull();
        }
        for (String inside : new String[]{"10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1", "169.254.169.254",
                "100.64.0.1", "fd00::1", "fe80::1"}) {
            assertThat(refused(inside, true, false)).as(inside).contains("allow-private");
            assertThat(refused(inside, false, true)).as(inside).isNull();
        }
        for (String never : new String[]{"0.0.0.0", "::", "224.0.0.1", "ff02::1", "0.1.2.3", "255.255.255.255",
                "240.0.0.1", "198.18.0.1", "198.19.255.254", "192.0.0.8", "192.0.2.1", "198.51.100.7", "203.0.113.9",
                "2001:db8::1", "100::1", "2001:2::1",
                // IPv6 forms of IPv4 addresses: IPv4-compatible, NAT64 (well-known and local-use), 6to4, Teredo
                "::127.0.0.1", "::10.0.0.1", "::8.8.8.8", "64:ff9b::7f00:1", "64:ff9b::a00:1", "64:ff9b:1::a00:1",
                "2002:7f00:1::1", "2002:a00:1::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"}) {
            assertThat(refused(never, true, true)).as(never).isNotNull();
        }
        for (String outside : new String[]{"93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:2800:220:1::1",
                "198.20.0.1", "192.0.3.1", "223.255.255.254", "2001:db9::1", "2003::1"}) {
            assertThat(refused(outside, false, false)).as(outside).isNull();
        }
    }

    @Test
    void onlyHttpAndHttpsUrlsWithAHostAndNoCredentials() {
        assertThat(Destinations.check("https://93.184.216.34/hook", false, false).getHost()).isEqualTo("93.184.216.34");
        for (String bad : new String[]{"ftp://93.184.216.34/x", "file:///etc/passwd", "https:///nohost",
                "https://user:pw@93.184.216.34/", "http://127.0.0.1:8080/", "http://[::1]/", "http://10.0.0.1/",
                "not a url"}) {
            assertThatThrownBy(() -> Destinations.check(bad, false, false)).as(bad).isInstanceOf(Refused.class);
        }
    }

    @Test
    void theSignatureIsHmacSha256OfTimestampDotBody() {
        // the expected value worked out by Python's hmac module
        assertThat(Deliverer.sign("a secret of sixteen+", "1700000000", "{\"event\":\"map.changed\"}"))
                .isEqualTo("2ade24b7497757d9a13fb494100ca98227690803dc051a373a790fd7d0138d92");
    }
}
