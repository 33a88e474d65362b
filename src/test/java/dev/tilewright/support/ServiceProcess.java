package dev.tilewright.support;

import dev.tilewright.TilewrightApplication;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The service in a JVM of its own (its own heap flags, killable), on a PostgreSQL the test gives it, its output in a
 * log file. Started and waited for until its health check answers.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public final Process process;
    public final int port;
    private final Path log;

    private ServiceProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the service on a free port (jdbcUrl null: on its embedded PostgreSQL, data dir given in args).
     *
     * @param jvm  JVM options (e.g. -Xmx1g)
     * @param args application arguments after the datasource and port
     */
    public static ServiceProcess start(String jdbcUrl, List<String> jvm, List<String> args) throws IOException {
        return start(jdbcUrl, freePort(), jvm, args);
    }

    public static ServiceProcess start(String jdbcUrl, int port, List<String> jvm, List<String> args) throws IOException {
        Path log = Files.createTempFile("tilewright-service", ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(laneOptions());
        command.addAll(jvm);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TilewrightApplication.class.getName(),
                "--server.port=" + port));
        if (jdbcUrl != null) {
            command.addAll(List.of("--spring.datasource.url=" + jdbcUrl, "--spring.datasource.username=postgres",
                    "--spring.datasource.password=postgres"));
        }
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ServiceProcess service = new ServiceProcess(process, port, log);
        try {
            Eventually.eventually("the service to answer on port " + port, Duration.ofSeconds(120), () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("the service did not start:\n" + service.log());
                }
                return service.healthy(Duration.ofSeconds(2)) ? Boolean.TRUE : null;
            });
            return service;
        } catch (AssertionError failed) {
            process.destroyForcibly();
            throw new AssertionError(failed.getMessage() + "\n" + service.log(), failed);
        }
    }

    /**
     * JVM options the test lane gives every service it starts (the pom's {@code tilewright.service-jvm}, e.g. C1
     * alone, as its own forks run); none outside it, so a benchmark's service keeps its JVM's defaults.
     */
    private static List<String> laneOptions() {
        String options = System.getProperty("tilewright.service-jvm", "").trim();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Whether the health check answers 200 within the time given. */
    public boolean healthy(Duration within) {
        try {
            HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(
                            URI.create("http://localhost:" + port + "/actuator/health")).timeout(within).build(),
                    HttpResponse.BodyHandlers.ofString());
            return health.statusCode() == 200;
        } catch (IOException notAnswering) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Everything the service wrote so far. */
    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(the log could not be read: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM, as a service manager stops it; waits for the process to end. */
    public int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("the service did not stop within 60 s of SIGTERM:\n" + log());
        }
        return process.exitValue();
    }

    /** SIGKILL: no shutdown hooks, nothing flushed. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
