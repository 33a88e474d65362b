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

    private static final String[] FRAMEWORKS = {
            "org.springframework..", "jakarta..", "javax.persistence..", "org.hibernate..",
            "com.fasterxml..", "tools.jackson..", "javax.servlet..", "java.sql..", "javax.sql.."};

    @Test
    void coreIsPureJava() {
        noClasses().that().resideInAPackage("dev.tilewright.core..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage("java.awt..", "javax.imageio..", "java.io..",
                        "java.nio.file..", "java.net..")
                .check(MAIN);
    }

    @Test
    void formatAndRenderKnowNoFrameworks() {
        noClasses().that().resideInAnyPackage("dev.tilewright.format..", "dev.tilewright.render..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void coreDependsOnNoFeature() {
        noClasses().that().resideInAPackage("dev.tilewright.core..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.tilewright.core..", "java..")
                .check(MAIN);
    }
}
