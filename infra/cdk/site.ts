import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack, type SecretValue } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

import { PUBLISHED_PAGE_CACHE_CONTROL } from '#functions/domain/published-pages';
import { AccessLogs } from '#infra/cdk/access-logs';
import type { FunctionFactory } from '#infra/cdk/api';
import { acknowledgeNag } from '#infra/cdk/nag';
import { EdgeFirewall } from '#infra/cdk/waf';
import { contentSecurityPolicy, embedFramingFunctionCode, inlineScriptHashes } from '#infra/security-headers';

export interface SiteProps {
  /**
   * The built front end (`npm run build`): index.html at its root, Vite's hashed files under assets/, the embed
   * script under embed/ and its loader embed.js (frontend/embed/build.ts).
   */
  siteDir: string;
  api: apigwv2.IHttpApi;
  /** Sent to the API with every request (X-Origin-Verify): the functions refuse requests without it. */
  originSecret: secretsmanager.ISecret;
  /**
   * The value sent, when not the secret's current one: its previous value during the first deploy of its rotation
   * (docs/operations.md "Rotating secrets"), while the functions learn the new one.
   */
  originHeaderValue?: SecretValue;
  /** Uploaded photos, served at /photos/* (objects under photos/). */
  photoBucket: s3.IBucket;
  /** Where the site bucket's server access logs and the distribution's standard logs go (access-logs.ts). */
  accessLogs: s3.IBucket;
  /**
   * Builds the page shell function, book.html or team.html (the route functions' factory: same bundling, logs and alarms); `entry`
   * is its handler file (functions/src/site/serveBookingShell.ts).
   */
  makeFunction: FunctionFactory;
  shellEntry: string;
  /** Optional custom domain of the site; needs `certificateArn` (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
}

/**
 * SPA fallback, run on viewer requests of the default behaviour: a path without a file extension is a client
 * route (/book/anna, /admin) and gets index.html. This is used instead of CloudFront error responses
 * (403/404 → index.html), which apply to the whole distribution and would also turn the API's own 403 and 404
 * answers into the HTML page. /api/* never reaches this behaviour; the check is only a safety net.
 * Written for the cloudfront-js-2.0 runtime (ES5-style).
 */
/**
 * On /api/*: tells the API which host the browser asked for (the API sees its own execute-api host) and the
 * viewer's address (API Gateway sees an edge server's), overwriting whatever the client sent under those names
 * (functions/src/http/request.ts: login throttling per address).
 */
export const forwardedHostFunctionCode = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host ? request.headers.host.value : '' };
  request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return request;
}`;

export const spaFallbackFunctionCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri === '/') {
    request.uri = '/landing.html';
  } else if (uri !== '/api' && uri.indexOf('/api/') !== 0 && lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * On /book/*, /events/* and /team/* (a team's page, issue 28): a booking page's path becomes its published object's
 * key (book/{slug}, events/{slug}, team/{slug};
 * the slug in lower case, a trailing slash dropped). The host screens under /events (/events/new, /events/dashboard)
 * and any deeper path are the single-page app's (index.html). What is left is served by the booking pages' origin
 * group: the published page, or, when there is none, its shell from the shell function (team.html on /team/*).
 * Keep the reserved names in step with RESERVED_EVENT_SLUGS (shared/constants.ts; the infra test checks them).
 */
export const bookingPathFunctionCode = `function handler(event) {
  var request = event.request;
  var match = /^\\/(book|events|team)\\/([^/]+)\\/?$/.exec(request.uri);
  var slug = match ? match[2].toLowerCase() : '';
  var reserved = ['new', 'dashboard', 'public', 'slug'];
  if (!match || !/^[a-z0-9-]{1,60}$/.test(slug) || (match[1] === 'events' && reserved.indexOf(slug) !== -1)) {
    request.uri = '/index.html';
  } else {
    request.uri = '/' + match[1] + '/' + slug;
  }
  return request;
}`;

/** Where the publisher puts booking pages in the site bucket (domain/published-pages.ts `pageKeys`). */
export const PUBLISHED_PREFIXES = ['book/', 'events/', 'team/'] as const;

/** The built shells the publisher renders pages into and the shell function serves: the booking page's, a team's. */
export const SHELL_FILES = ['book.html', 'team.html'] as const;

/**
 * The site: a private bucket with the built front end, served by CloudFront, which also forwards /api/* to
 * the HTTP API so the page and the API share one origin (session cookies need no CORS).
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly url: string;
  /** Answers the booking page's shell for a booking path without a published page (the origin group's fallback). */
  readonly shellFunction: lambda.Function;
  /** The upload of index.html, book.html, team.html and the rest: the booking pages are republished after it. */
  readonly pagesDeployment: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    // A build with the booking page's shell has a team page's too (npm run build makes both): an upload without it
    // would remove the one in the bucket (the upload prunes) and break every team page.
    const shells = existsSync(path.join(props.siteDir, 'book.html')) ? SHELL_FILES : [];
    for (const file of ['index.html', 'embed.js', ...shells]) {
      if (!existsSync(path.join(props.siteDir, file))) {
        throw new Error(`Build the front end first: npm run build (no ${file} in ${props.siteDir})`);
      }
    }
    if (props.domainName && !props.certificateArn) {
      throw new Error(
        `domainName "${props.domainName}" needs certificateArn: an ACM certificate in us-east-1 covering it`,
      );
    }

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: AccessLogs.prefixFor('site'),
      // Default removal policy (RETAIN): the content is rebuilt by every deploy anyway.
    });

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const stack = Stack.of(this);
    const apiOrigin = new origins.HttpOrigin(`${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      // A dynamic reference, resolved at deploy time: the value is not in the template.
      customHeaders: { 'x-origin-verify': (props.originHeaderValue ?? props.originSecret.secretValue).unsafeUnwrap() },
    });

    const forwardedHost = new cloudfront.Function(this, 'ForwardedHost', {
      comment: 'Passes the site host and the viewer address to the API (X-Forwarded-Host, X-Viewer-Address).',
      code: cloudfront.FunctionCode.fromInline(forwardedHostFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Extension-less paths outside /api get /index.html (client-side routes)',
      code: cloudfront.FunctionCode.fromInline(spaFallbackFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // Booking pages: the published page from the bucket, or (403/404: none) the shell from a function URL only
    // CloudFront may call (origin access control, IAM auth). Cached as the objects say: a minute, then stale
    // while revalidating; no query string, cookie or header in the key (a page is the same for every guest).
    this.shellFunction = props.makeFunction(
      'serveBookingShell',
      props.shellEntry,
      "Site: the booking page's shell (book.html; team.html on /team/*) for a public page path with no published page",
      {},
      Duration.seconds(10),
      this,
    );
    this.shellFunction.addEnvironment('SITE_BUCKET', this.bucket.bucketName);
    for (const shell of SHELL_FILES) this.bucket.grantRead(this.shellFunction, shell);
    acknowledgeShellRead(this.shellFunction);
    const shellUrl = this.shellFunction.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    const bookingOrigin = new origins.OriginGroup({
      primaryOrigin: siteOrigin,
      fallbackOrigin: origins.FunctionUrlOrigin.withOriginAccessControl(shellUrl, {
        readTimeout: Duration.seconds(10),
      }),
      fallbackStatusCodes: [403, 404],
    });
    const bookingPath = new cloudfront.Function(this, 'BookingPath', {
      comment: 'Booking page paths become their published keys; host screens under /events go to index.html',
      code: cloudfront.FunctionCode.fromInline(bookingPathFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // Embed pages (issue 29): /book/{slug}?embed=1 and /booking/{id}?embed=1 may be framed by any site. The response
    // headers policy is chosen by path alone, so this function, on those two behaviours' viewer responses (after the
    // policy's headers are in), lifts the framing ban for `embed=1` (infra/security-headers.ts).
    const embedFraming = new cloudfront.Function(this, 'EmbedFraming', {
      comment: 'Booking and manage pages asked for with ?embed=1 may be framed by any site; nothing else may',
      code: cloudfront.FunctionCode.fromInline(embedFramingFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const embedFramingAssociation = {
      function: embedFraming,
      eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE,
    };
    const bookingPageCache = new cloudfront.CachePolicy(this, 'BookingPageCache', {
      comment: `Meetwise booking pages: as their Cache-Control says (${PUBLISHED_PAGE_CACHE_CONTROL})`,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The page headers of infra/security-headers.ts (the local server sends the same), for the built index.html.
    const indexHtml = readFileSync(path.join(props.siteDir, 'index.html'), 'utf8');
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Meetwise: CSP (infra/security-headers.ts), HSTS, nosniff, no framing, referrer policy',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(indexHtml) }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    // Per-IP rate limits at the edge, before a request costs a function call (infra/cdk/waf.ts).
    const firewall = new EdgeFirewall(this, 'Firewall');

    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Meetwise: site and /api',
      webAclId: firewall.webAcl.attrArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Standard logs (one line per request, with the viewer's address), kept ACCESS_LOG_DAYS (access-logs.ts).
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      // Browsers reach the custom domain over TLS 1.2 or 1.3 only, with SNI.
      ...(props.domainName && certificate
        ? {
            domainNames: [props.domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        compress: true,
        // Honours the objects' Cache-Control: index.html is uploaded with no-cache.
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          functionAssociations: [{ function: forwardedHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and headers reach the API; Host stays the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
        // Uploaded photos: a new key per upload, so long-cached; never rewritten to the SPA.
        '/photos/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.photoBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: false,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
        ...Object.fromEntries(
          ['/book/*', '/events/*', '/team/*'].map((pattern) => [
            pattern,
            {
              origin: bookingOrigin,
              viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
              compress: true,
              cachePolicy: bookingPageCache,
              responseHeadersPolicy: securityHeaders,
              functionAssociations: [
                { function: bookingPath, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
                ...(pattern === '/book/*' ? [embedFramingAssociation] : []),
              ],
            },
          ]),
        ),
        // The guest's manage page (/booking/{id}, a route of the single-page app): the default behaviour's, and
        // framable in its embed form.
        '/booking/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
            embedFramingAssociation,
          ],
        },
        // The embed script, named by its content's hash (/embed.js, the loader, is the default behaviour's).
        '/embed/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
        // Hashed, immutable files: long-cached, and no SPA rewrite (a missing asset must not become HTML).
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    acknowledgeNag(this.distribution, {
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: hosts and their guests book from anywhere; abuse is limited per address (WAF, waf.ts), not per country.',
    });
    if (!certificate) {
      acknowledgeNag(this.distribution, {
        id: 'AwsSolutions-CFR4',
        reason:
          "Only without a custom domain: CloudFront's own *.cloudfront.net certificate allows no other minimum than TLSv1. With -c domainName and certificateArn the minimum is TLSv1.2_2021.",
      });
    }

    this.url = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    // Hashed assets first, kept across deploys (prune: false) so pages still open in browsers, which
    // reference the previous build's files, keep loading them.
    const assetsDir = path.join(props.siteDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public,max-age=31536000,immutable')],
        })
      : undefined;

    // The embed script (issue 29) as the hashed assets: kept, so a host page that loaded the previous loader still
    // gets its script. Then the loader /embed.js, which names the new script, cached for five minutes.
    const embedScripts = new s3deploy.BucketDeployment(this, 'DeployEmbedScript', {
      sources: [s3deploy.Source.asset(path.join(props.siteDir, 'embed'))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'embed/',
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public,max-age=31536000,immutable')],
    });
    const embedLoader = new s3deploy.BucketDeployment(this, 'DeployEmbedLoader', {
      sources: [s3deploy.Source.data('embed.js', readFileSync(path.join(props.siteDir, 'embed.js'), 'utf8'))],
      destinationBucket: this.bucket,
      prune: false,
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: [s3deploy.CacheControl.fromString('public,max-age=300')],
    });
    embedLoader.node.addDependency(embedScripts);

    // Then everything else (index.html, landing.html, book.html, favicon …): revalidated on every load.
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [
        s3deploy.Source.asset(props.siteDir, { exclude: ['assets', 'assets/**', 'embed', 'embed/**', 'embed.js'] }),
      ],
      destinationBucket: this.bucket,
      // Leaves assets/, the embed script and its loader, and the published booking pages out of this sync, so pruning
      // never deletes them.
      exclude: ['assets/*', 'embed/*', 'embed.js', ...PUBLISHED_PREFIXES.map((prefix) => `${prefix}*`)],
      prune: true,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) pages.node.addDependency(assets);
    // The invalidation of /* comes last, after the new loader is in place.
    pages.node.addDependency(embedLoader);
    this.pagesDeployment = pages;
    // The uploads' handler (one function aws-cdk-lib shares between all the deployments): CDK's code and grants.
    const deployHandler = pages.handlerRole.node.scope;
    if (deployHandler) {
      acknowledgeNag(
        deployHandler,
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            "aws-cdk-lib's BucketDeployment handler, run at deploy time only: CDK gives it the basic logging policy.",
        },
        {
          id: 'AwsSolutions-L1',
          reason:
            "aws-cdk-lib's BucketDeployment handler: its Python runtime is pinned by aws-cdk-lib, updated with it.",
        },
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason:
            "aws-cdk-lib's BucketDeployment grants: reads this deploy's asset from the CDK asset bucket, syncs the site bucket (prune deletes).",
        })),
        {
          id: 'AwsSolutions-IAM5[Resource::<ref>/*]',
          reason: "aws-cdk-lib's BucketDeployment: every object of the site bucket, which it syncs.",
        },
        {
          id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
          reason:
            "aws-cdk-lib's BucketDeployment: the CDK bootstrap asset bucket, where this deploy's files are uploaded.",
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            "aws-cdk-lib's BucketDeployment: cloudfront:CreateInvalidation and GetInvalidation, which CDK grants on * to refresh the distribution's cache after the upload (listed in the infra test).",
        },
      );
    }
  }

  /**
   * Lets the booking page publisher read the shell and write and delete published pages: objects under book/,
   * events/ and team/ only, never the site's own files.
   */
  grantPagePublishing(grantee: iam.IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    grantee.addEnvironment('SITE_BUCKET', this.bucket.bucketName);
    for (const shell of SHELL_FILES) this.bucket.grantRead(grantee, shell);
    acknowledgeShellRead(grantee);
    for (const prefix of PUBLISHED_PREFIXES) {
      this.bucket.grantPut(grantee, `${prefix}*`);
      this.bucket.grantDelete(grantee, `${prefix}*`);
    }
    if (Construct.isConstruct(grantee.grantPrincipal)) {
      acknowledgeNag(
        grantee.grantPrincipal,
        ...PUBLISHED_PREFIXES.map((prefix) => ({
          id: `AwsSolutions-IAM5[Resource::<ref>/${prefix}*]`,
          reason: `Published booking pages live under ${prefix} (one object per page): the publisher writes and deletes there only.`,
        })),
        {
          id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
          reason: "S3's grantPut: abandons a multipart upload, under the published pages' prefixes only.",
        },
        {
          id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
          reason: "S3's grantDelete: takes a page down, under the published pages' prefixes only.",
        },
      );
    }
  }
}

/** S3's grantRead of the shell objects (book.html, team.html): GetObject* on them, GetBucket* and List* on the bucket. */
function acknowledgeShellRead(grantee: iam.IGrantable): void {
  if (!Construct.isConstruct(grantee.grantPrincipal)) return;
  acknowledgeNag(
    grantee.grantPrincipal,
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason:
        "S3's grantRead of two objects, the page shells (book.html, team.html), and of the bucket for what S3 asks of a reader.",
    })),
  );
}
