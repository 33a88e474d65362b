package dev.tilewright.live.protocol;

import dev.tilewright.core.refusal.Refused;

/**
 * A client frame that cannot be taken. An op frame that names its clientSeq is answered with a {@code reject} for
 * that clientSeq (and still counts against the client's op rate); anything else with an {@code error}.
 */
public final class FrameRefused extends RuntimeException {

    private final transient Long clientSeq;
    private final Refused problem;
    private final boolean fatal;

    FrameRefused(Long clientSeq, Refused problem, boolean fatal) {
        super(problem.getMessage(), null, false, false);
        this.clientSeq = clientSeq;
        this.problem = problem;
        this.fatal = fatal;
    }

    static FrameRefused error(Refused problem) {
        return new FrameRefused(null, problem, false);
    }

    /** The clientSeq of the op frame refused; null when the frame was no readable op. */
    public Long clientSeq() {
        return clientSeq;
    }

    public Refused problem() {
        return problem;
    }

    /** Whether the socket must close after the answer (a client speaking another protocol). */
    public boolean fatal() {
        return fatal;
    }
}
