package dev.tilewright.support;

/** What test services start with (src/test/resources/config/application.yml): the admin and the bootstrap token. */
public final class Credentials {

    public static final String ADMIN_EMAIL = "admin@tilewright.test";
    public static final String ADMIN_PASSWORD = "correct horse battery staple for tests";
    public static final String BOOTSTRAP_TOKEN = "test-bootstrap-token-0123456789abcdefghijklmnop";

    private Credentials() {
    }

    /** The Authorization header's value for the bootstrap token. */
    public static String bearer() {
        return "Bearer " + BOOTSTRAP_TOKEN;
    }
}
