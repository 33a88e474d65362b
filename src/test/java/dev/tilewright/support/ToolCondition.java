package dev.tilewright.support;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Decides {@link RequiresTools}: run, skip with one line, or (in CI) fail. */
final class ToolCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<Tool> missing = context.getElement()
                .flatMap(element -> AnnotationSupport.findAnnotation(element, RequiresTools.class))
                .map(required -> Arrays.stream(required.value()).filter(tool -> tool.find().isEmpty()).toList())
                .orElse(List.of());
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("the tools it needs are installed");
        }
        String packages = missing.stream().map(Tool::debianPackage).distinct().collect(Collectors.joining(" "));
        String line = context.getDisplayName() + " needs " + missing.stream().map(Tool::command)
                .collect(Collectors.joining(", ")) + ": apt-get install " + packages;
        if (Tool.inCi()) {
            throw new IllegalStateException("CI=true and " + line + " (CI runs every test; .ci/run installs it)");
        }
        System.err.println("SKIPPED " + line);
        return ConditionEvaluationResult.disabled(line);
    }
}
