# Builds the service jar, then runs it on a JRE. docker-compose.yml pairs it with PostgreSQL 17.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml ./
RUN mvn -q -B dependency:go-offline
COPY src ./src
COPY db-migrations ./db-migrations
# the browser editor is packaged into the jar as static files (pom.xml resources)
COPY frontend ./frontend
RUN mvn -q -B package -DskipTests

# the command line alone (docs/ci.md): docker build --target cli -t tilewright-cli .  then
#   docker run --rm -v "$PWD:/work" tilewright-cli ascii maps/level-1.tmx
FROM eclipse-temurin:17-jre AS cli
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/tilewright /usr/local/bin/tilewright
WORKDIR /work
ENTRYPOINT ["tilewright"]

# the service (the default target)
FROM eclipse-temurin:17-jre
# fonts for text objects drawn by the server renderer
RUN apt-get update && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# the service's jar (tilewright-<version>.jar; tilewright-cli.jar is the command line's)
COPY --from=build /src/target/tilewright-[0-9]*.jar /app/tilewright.jar
EXPOSE 8080
# an OutOfMemoryError ends the JVM (rather than leaving a process that accepts connections and answers nothing);
# compose's restart policy (or your supervisor) starts it again
ENTRYPOINT ["java", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/tilewright.jar"]
