package dev.tilewright.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on loopback in front of a server, for taking a browser (or the service's database) off the network:
 * {@link #cut} closes every connection through it (HTTP and the live socket alike) and refuses new ones until
 * {@link #mend}; {@link #freeze} keeps every connection open and accepts new ones but passes no byte on, as a server
 * that hangs (stopped with SIGSTOP, a frozen disk) does, until {@link #thaw}.
 */
public final class CuttableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean cut;
    private final Object frozen = new Object();
    private boolean isFrozen;

    public CuttableProxy(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Off the network: every connection closed, new ones closed at once. */
    public void cut() {
        cut = true;
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    /** Back on the network. */
    public void mend() {
        cut = false;
    }

    /** Connections stay open, new ones are taken, nothing goes through. */
    public void freeze() {
        synchronized (frozen) {
            isFrozen = true;
        }
    }

    /** What waited goes on. */
    public void thaw() {
        synchronized (frozen) {
            isFrozen = false;
            frozen.notifyAll();
        }
    }

    private void waitWhileFrozen() throws InterruptedException {
        synchronized (frozen) {
            while (isFrozen) {
                frozen.wait();
            }
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (cut) {
                    closeQuietly(client);
                    continue;
                }
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // closed, or the service refused: the browser sees a dropped connection
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    waitWhileFrozen();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side went away
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        cut();
        server.close();
    }
}
