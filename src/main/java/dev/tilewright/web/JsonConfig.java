package dev.tilewright.web;

import dev.tilewright.format.DomainJson;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The service's JSON is the domain's ({@link DomainJson}): one definition, the command line's too. */
@Configuration(proxyBeanMethods = false)
class JsonConfig {

    @Bean
    JsonMapperBuilderCustomizer tilewrightJson() {
        return DomainJson::configure;
    }
}
