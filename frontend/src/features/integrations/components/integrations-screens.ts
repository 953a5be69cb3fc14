/** The Integrations screens (issue 29), one chunk the router loads the first time one of them shows. */
export { ApiKeysPage } from '#frontend/features/integrations/components/api-keys-page.tsx';
export { WebhooksPage } from '#frontend/features/integrations/components/webhooks-page.tsx';
