package dev.tilewright.live;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MessagePartsTest {

    @Test
    void aMessageInOnePartIsPassedOnAsItIs() {
        MessageParts parts = new MessageParts(10);
        String whole = "{\"a\":1}";
        assertThat(parts.add(whole, true)).isSameAs(whole);
        assertThat(parts.wentOver()).isFalse();
    }

    @Test
    void partsArePutTogetherUpToTheLimit() {
        MessageParts parts = new MessageParts(10);
        assertThat(parts.add("abcd", false)).isNull();
        assertThat(parts.add("efgh", false)).isNull();
        assertThat(parts.add("ij", true)).isEqualTo("abcdefghij");
        assertThat(parts.wentOver()).isFalse();
        assertThat(parts.add("next", true)).as("the next message starts afresh").isEqualTo("next");
    }

    @Test
    void aMessageOverTheLimitIsRefusedOnceAndItsRestPassedOver() {
        MessageParts parts = new MessageParts(10);
        assertThat(parts.add("abcdef", false)).isNull();
        assertThat(parts.wentOver()).isFalse();
        assertThat(parts.add("ghijk", false)).isNull();
        assertThat(parts.wentOver()).as("the part that took it over").isTrue();
        assertThat(parts.add("lmnop", false)).isNull();
        assertThat(parts.wentOver()).as("said once").isFalse();
        assertThat(parts.add("q", true)).isNull();
        assertThat(parts.add("after", true)).as("the message after it").isEqualTo("after");
    }

    @Test
    void aSinglePartOverTheLimitIsRefused() {
        MessageParts parts = new MessageParts(3);
        assertThat(parts.add("abcd", true)).isNull();
        assertThat(parts.wentOver()).isTrue();
        assertThat(parts.add("abc", true)).isEqualTo("abc");
    }
}
