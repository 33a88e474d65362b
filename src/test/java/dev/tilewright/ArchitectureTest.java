package dev.tilewright;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.ClassBrowser;
import dev.tilewright.support.DatabaseBehindProxy;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.ServiceProcess;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/** The dependency direction of DESIGN.md: core, format and render know nothing of frameworks. */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tilewright");

    /** Spring, JPA and web types: kept out of core, format and render. */
    private static final String[] FRAMEWORKS = {
            "org.springframework..", "jakarta..", "javax.persistence..", "org.hibernate..", "javax.servlet..",
            "java.sql..", "javax.sql.."};

    /** JSON libraries: core stays free of them too (format reads and writes Tiled's JSON with Jackson). */
    private static final String[] JSON = {"com.fasterxml..", "tools.jackson.."};

    @Test
    void coreIsPureJava() {
        noClasses().that().resideInAPackage("dev.tilewright.core..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage(JSON)
                .orShould().dependOnClassesThat().resideInAnyPackage("java.awt..", "javax.imageio..", "java.io..",
                        "java.nio.file..", "java.net..")
                .check(MAIN);
    }

    @Test
    void formatAndRenderKnowNoFrameworks() {
        noClasses().that().resideInAnyPackage("dev.tilewright.format..", "dev.tilewright.render..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.tilewright.map..", "dev.tilewright.tileset..",
                        "dev.tilewright.web..", "dev.tilewright.config..", "dev.tilewright.db..")
                .check(MAIN);
    }

    /**
     * The command line's jar (src/assembly/cli.xml) holds core, format, render and cli and three libraries: they need
     * nothing else of ours nor any framework, and nothing of the service needs the command line.
     */
    @Test
    void theCommandLineNeedsNothingOfTheService() {
        String[] jar = {"dev.tilewright.core..", "dev.tilewright.format..", "dev.tilewright.render..",
                "dev.tilewright.cli.."};
        classes().that().resideInAnyPackage(jar)
                .should().onlyDependOnClassesThat().resideInAnyPackage(java.util.stream.Stream.concat(
                        java.util.Arrays.stream(jar), java.util.stream.Stream.of("java..", "javax.imageio..",
                                "javax.xml..", "org.w3c..", "org.xml..", "tools.jackson..", "com.fasterxml.jackson..",
                                "com.github.luben..")).toArray(String[]::new))
                .check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.tilewright.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.tilewright.cli..")
                .check(MAIN);
    }

    /** Import, export and everything else pick a format through the registry, never a reader or writer by hand. */
    @Test
    void formatsAreReachedOnlyThroughTheRegistry() {
        noClasses().that().resideOutsideOfPackage("dev.tilewright.format..")
                .should().dependOnClassesThat().belongToAnyOf(dev.tilewright.format.TmxReader.class,
                        dev.tilewright.format.TmjReader.class, dev.tilewright.format.TmjWriter.class)
                .orShould().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.base.DescribedPredicate.describe("TmxWriter",
                                        c -> c.isEquivalentTo(dev.tilewright.format.TmxWriter.class)))))
                .check(MAIN);
    }

    /**
     * Services refuse with the domain's {@link dev.tilewright.core.refusal.Refusal}: only the web layer (web/ and the
     * controllers, page controllers and their advice) speaks HTTP statuses and problem details.
     */
    @Test
    void refusalsMeetHttpOnlyInTheWebLayer() {
        noClasses().that().resideOutsideOfPackage("dev.tilewright.web..")
                .and().areNotAnnotatedWith(org.springframework.web.bind.annotation.RestController.class)
                .and().areNotAnnotatedWith(org.springframework.stereotype.Controller.class)
                .and().areNotAnnotatedWith(org.springframework.web.bind.annotation.ControllerAdvice.class)
                .and().areNotAnnotatedWith(org.springframework.web.bind.annotation.RestControllerAdvice.class)
                .should().dependOnClassesThat().belongToAnyOf(org.springframework.http.HttpStatus.class,
                        org.springframework.http.HttpStatusCode.class, org.springframework.http.ProblemDetail.class,
                        org.springframework.web.ErrorResponseException.class)
                .check(MAIN);
    }

    /**
     * Screen geometry goes through the map's projection: what draws, marks, queries or pins a map asks
     * {@code TileMap.projection()} where a tile lies, never the tile size to multiply by (the collision grid's element
     * sizes divide a tile in tile space, and the formats and DTOs carry the size as data: they may read it).
     */
    @Test
    void geometryGoesThroughTheProjection() {
        noClasses().that().resideInAnyPackage("dev.tilewright.render..", "dev.tilewright.rendering..",
                        "dev.tilewright.query..", "dev.tilewright.core.query..", "dev.tilewright.checks..", "dev.tilewright.core.check..",
                        "dev.tilewright.review..", "dev.tilewright.history..", "dev.tilewright.core.history..",
                        "dev.tilewright.world..")
                .should().callMethod(dev.tilewright.core.model.TileMap.class, "tileWidth")
                .orShould().callMethod(dev.tilewright.core.model.TileMap.class, "tileHeight")
                .check(MAIN);
    }

    /** The live protocol is frames and their JSON: it knows no socket, room or peer. */
    @Test
    void theLiveProtocolKnowsNoTransport() {
        noClasses().that().resideInAPackage("dev.tilewright.live.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework.web.socket..", "jakarta.websocket..")
                .orShould().dependOnClassesThat().resideInAPackage("dev.tilewright.live")
                .check(MAIN);
    }

    /** Page controllers render templates; they reach the domain through the features' services, never their storage. */
    @Test
    void pagesUseServicesNotStorage() {
        noClasses().that().resideInAPackage("dev.tilewright.pages..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework.jdbc..", "jakarta.persistence..",
                        "org.springframework.data..", "dev.tilewright.live..")
                .check(MAIN);
    }

    /** Every package says what it is for and what it may depend on (javadoc alone compiles to no class: read sources). */
    @Test
    void everyPackageHasAPackageInfo() throws IOException {
        Set<Path> packages = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> packages.add(f.getParent()));
        }
        List<Path> missing = packages.stream().filter(p -> !Files.exists(p.resolve("package-info.java"))).toList();
        assertThat(packages).hasSizeGreaterThan(20);
        assertThat(missing).as("packages without package-info.java").isEmpty();
    }

    @Test
    void coreDependsOnNoFeature() {
        noClasses().that().resideInAPackage("dev.tilewright.core..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.tilewright.core..", "java..")
                .check(MAIN);
    }

    /**
     * The fast lane ({@code ./mvnw test}) holds no test class that starts the service, PostgreSQL, a browser or a
     * JVM of its own: such a class is tagged {@link Lanes#SERVICE} (directly or through {@link FeatureTest}), so
     * failsafe runs it in {@code verify} and surefire leaves it out.
     */
    @Test
    void testsThatStartTheServiceRunInTheServiceLane() throws ClassNotFoundException {
        JavaClasses tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.tilewright");
        Set<String> starters = Set.of(SpringApplication.class.getName(), SpringApplicationBuilder.class.getName(),
                ServiceProcess.class.getName(), Browsers.class.getName(), ClassBrowser.class.getName(),
                DatabaseBehindProxy.class.getName(),
                "dev.tilewright.db.EmbeddedPostgresLauncher",
                "io.zonky.test.db.postgres.embedded.EmbeddedPostgres");
        Set<String> untagged = new TreeSet<>();
        Set<String> tagged = new TreeSet<>();
        for (JavaClass type : tests) {
            JavaClass top = type;
            while (top.getEnclosingClass().isPresent()) {
                top = top.getEnclosingClass().get();
            }
            if (!top.getSimpleName().matches(".*(Test|Tests|Properties)") || top.isEquivalentTo(ArchitectureTest.class)) {
                continue;
            }
            boolean starts = type.isMetaAnnotatedWith(SpringBootTest.class) || type.getDirectDependenciesFromSelf()
                    .stream().anyMatch(d -> starters.contains(d.getTargetClass().getName()));
            if (!starts) {
                continue;
            }
            boolean inLane = AnnotationSupport.findRepeatableAnnotations(Class.forName(top.getName()), Tag.class)
                    .stream().anyMatch(tag -> tag.value().equals(Lanes.SERVICE));
            (inLane ? tagged : untagged).add(top.getSimpleName());
        }
        assertThat(tagged).as("the rule sees the service lane").contains("EditorBrowserTest", "RestartTest",
                "TeamStoryBrowserTest", "GracefulShutdownTest");
        assertThat(untagged).as("start the service, PostgreSQL, a browser or a JVM: tag them @Tag(Lanes.SERVICE)")
                .isEmpty();
    }
}
