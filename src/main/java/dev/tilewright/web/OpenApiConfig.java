package dev.tilewright.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class OpenApiConfig {

    @Bean
    OpenAPI tilewrightOpenApi() {
        return new OpenAPI().info(new Info().title("Tilewright API").version("v1").description(
                "Tilesets, tile maps and their op log. Every change is an op applied against the version named by "
                        + "If-Match; errors are RFC 9457 problem JSON naming the field or the limit."));
    }

}
