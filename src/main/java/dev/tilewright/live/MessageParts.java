package dev.tilewright.live;

/**
 * One client's text message put together from the parts the container hands over (each at most its receive buffer,
 * {@link LiveConfig#RECEIVE_BUFFER_CHARS}), up to {@code max-frame-bytes} characters. So a socket holds a message's
 * room only while a large one arrives, not a buffer the size of the largest for as long as it is open. Used by the
 * one thread at a time that reads the socket.
 */
final class MessageParts {

    private final int maxChars;
    /** The parts so far of a message that came in more than one; null between messages. */
    private StringBuilder sofar;
    /** The message went over the limit: its further parts are passed over. */
    private boolean skipping;
    private boolean wentOver;

    MessageParts(int maxChars) {
        this.maxChars = maxChars;
    }

    /**
     * Takes a part; the whole message when this was its last part, else null (more is to come, or the message is over
     * the limit: {@link #wentOver()} says so right after the part that took it over).
     */
    String add(String part, boolean last) {
        wentOver = false;
        if (skipping) {
            skipping = !last;
            return null;
        }
        int length = (sofar == null ? 0 : sofar.length()) + part.length();
        if (length > maxChars) {
            sofar = null;
            skipping = !last;
            wentOver = true;
            return null;
        }
        if (sofar == null) {
            if (last) {
                return part;
            }
            sofar = new StringBuilder(Math.min(maxChars, 4 * part.length()));
        }
        sofar.append(part);
        if (!last) {
            return null;
        }
        String whole = sofar.toString();
        sofar = null;
        return whole;
    }

    /** Whether the last part taken took its message over the limit (the socket is to be closed with 1009). */
    boolean wentOver() {
        return wentOver;
    }
}
