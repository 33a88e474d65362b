package dev.tilewright;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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

    @Test
    void coreDependsOnNoFeature() {
        noClasses().that().resideInAPackage("dev.tilewright.core..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.tilewright.core..", "java..")
                .check(MAIN);
    }
}
