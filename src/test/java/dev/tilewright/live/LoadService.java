package dev.tilewright.live;

import dev.tilewright.support.Api;
import dev.tilewright.support.ServiceProcess;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.Map;

/**
 * The service under {@link LiveLoad} and what the tool reads of it: its port, a map's version, its CPU time by
 * thread.
 */
interface LoadService {

    int port();

    long version(long mapId);

    /** CPU time of the service's threads by kind (the name less its numbers), " in the kernel" for the sum. */
    Map<String, Long> cpuByThreadKind();

    /** CPU time of the service: its process, or (in process) all less the tool's own threads. */
    long cpuNanos();

    /** Milliseconds the JIT compilers and the garbage collectors have taken so far (wall time of their work). */
    default long[] jitAndGcMillis() {
        return new long[]{java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime(),
                java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum()};
    }

    /**
     * The service in this JVM (the tool's own threads, named load-*, left out of its CPU; the JIT and GC work the
     * tool causes is not: it counts as the service's).
     */
    record InProcess(ConfigurableApplicationContext app) implements LoadService {
        @Override
        public int port() {
            return ((WebServerApplicationContext) app).getWebServer().getPort();
        }

        @Override
        public long version(long mapId) {
            return app.getBean(dev.tilewright.map.MapReads.class).version(mapId);
        }

        @Override
        public Map<String, Long> cpuByThreadKind() {
            var threads = java.lang.management.ManagementFactory.getThreadMXBean();
            Map<String, Long> kinds = new java.util.TreeMap<>();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (!thread.getName().startsWith("load-")) {
                    add(kinds, thread.getName(), threads.getThreadCpuTime(thread.getId()),
                            threads.getThreadUserTime(thread.getId()));
                }
            }
            return kinds;
        }

        @Override
        public long cpuNanos() {
            var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean();
            var threads = java.lang.management.ManagementFactory.getThreadMXBean();
            long tool = 0;
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.getName().startsWith("load-")) {
                    tool += Math.max(0, threads.getThreadCpuTime(thread.getId()));
                }
            }
            return os.getProcessCpuTime() - tool;
        }
    }

    /**
     * The service in a JVM of its own, as it runs in production: its CPU time is its process's, read over JMX (the
     * attach API starts the JVM's local management agent).
     */
    final class Forked implements LoadService {
        private final ServiceProcess process;
        private final Api api;
        private final com.sun.management.ThreadMXBean threads;
        private final com.sun.management.OperatingSystemMXBean os;
        private final javax.management.MBeanServerConnection connection;

        Forked(ServiceProcess process) throws Exception {
            this.process = process;
            this.api = new Api(process.port);
            var vm = com.sun.tools.attach.VirtualMachine.attach(String.valueOf(process.process.pid()));
            String address = vm.startLocalManagementAgent();
            vm.detach();
            connection = javax.management.remote.JMXConnectorFactory.connect(
                    new javax.management.remote.JMXServiceURL(address)).getMBeanServerConnection();
            threads = java.lang.management.ManagementFactory.newPlatformMXBeanProxy(connection,
                    java.lang.management.ManagementFactory.THREAD_MXBEAN_NAME, com.sun.management.ThreadMXBean.class);
            os = java.lang.management.ManagementFactory.newPlatformMXBeanProxy(connection,
                    java.lang.management.ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME,
                    com.sun.management.OperatingSystemMXBean.class);
        }

        @Override
        public int port() {
            return process.port;
        }

        @Override
        public long version(long mapId) {
            return api.get("/api/v1/maps/" + mapId).json().get("version").asLong();
        }

        @Override
        public Map<String, Long> cpuByThreadKind() {
            long[] ids = threads.getAllThreadIds();
            long[] cpu = threads.getThreadCpuTime(ids);
            long[] user = threads.getThreadUserTime(ids);
            var infos = threads.getThreadInfo(ids);
            Map<String, Long> kinds = new java.util.TreeMap<>();
            for (int i = 0; i < ids.length; i++) {
                if (infos[i] != null) {
                    add(kinds, infos[i].getThreadName(), cpu[i], user[i]);
                }
            }
            return kinds;
        }

        @Override
        public long cpuNanos() {
            return os.getProcessCpuTime();
        }

        /**
         * CPU time of the JVM's own threads by kind, from /proc (JMX does not list them): the JIT compilers, the
         * garbage collectors, the rest.
         */
        Map<String, Long> vmThreadsCpuNanos() {
            Map<String, Long> kinds = new java.util.TreeMap<>();
            long tick = 10_000_000L; // USER_HZ is 100 on Linux
            try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc", String.valueOf(process.process.pid()),
                    "task"))) {
                for (var task : tasks.toList()) {
                    try {
                        String comm = java.nio.file.Files.readString(task.resolve("comm")).strip();
                        String stat = java.nio.file.Files.readString(task.resolve("stat"));
                        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        long cpu = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * tick;
                        String kind = comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler") ? "JIT compilers"
                                : comm.startsWith("GC Thread") || comm.startsWith("G1 ") ? "garbage collector" : null;
                        if (kind != null) {
                            kinds.merge(kind, cpu, Long::sum);
                        }
                    } catch (java.io.IOException ended) {
                        // the thread ended meanwhile
                    }
                }
            } catch (java.io.IOException e) {
                return Map.of();
            }
            return kinds;
        }

        @Override
        public long[] jitAndGcMillis() {
            try {
                long jit = java.lang.management.ManagementFactory.newPlatformMXBeanProxy(connection,
                        java.lang.management.ManagementFactory.COMPILATION_MXBEAN_NAME,
                        java.lang.management.CompilationMXBean.class).getTotalCompilationTime();
                long gc = 0;
                for (var name : connection.queryNames(new javax.management.ObjectName(
                        java.lang.management.ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null)) {
                    gc += java.lang.management.ManagementFactory.newPlatformMXBeanProxy(connection,
                            name.toString(), java.lang.management.GarbageCollectorMXBean.class).getCollectionTime();
                }
                return new long[]{jit, gc};
            } catch (java.io.IOException | javax.management.MalformedObjectNameException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static void add(Map<String, Long> kinds, String name, long cpu, long user) {
        String kind = name.replaceAll("\\d+", "N");
        kinds.merge(kind, Math.max(0, cpu), Long::sum);
        kinds.merge(" in the kernel", Math.max(0, cpu) - Math.max(0, user), Long::sum);
    }
}
