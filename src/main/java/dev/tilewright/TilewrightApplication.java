package dev.tilewright;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class TilewrightApplication {

    public static void main(String[] args) {
        SpringApplication.run(TilewrightApplication.class, args);
    }
}
