-- Server-wide settings; the first: the secret that signs the reply addresses of move mails. It is
-- made here, once per database (two UUIDs v4: 244 random bits), so every server process shares it.

-- CreateTable
CREATE TABLE "server_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "server_settings_pkey" PRIMARY KEY ("key")
);

INSERT INTO "server_settings" ("key", "value")
VALUES ('mail_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
